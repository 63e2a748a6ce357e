// Query-key factory for scenario queries (all -> lists -> list -> detail); mutations invalidate from here.
export const scenarioKeys = {
  all: ['scenarios'] as const,
  library: (params: object) => ['scenarios', 'library', params] as const,
  detail: (id: string) => ['scenarios', 'detail', id] as const,
  mine: (params: object) => ['scenarios', 'mine', params] as const,
  tree: () => ['scenarios', 'tree'] as const,
};
