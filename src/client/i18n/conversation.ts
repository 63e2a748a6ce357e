// The 'conversation' namespace (replies under posts); its catalogues are bundled in resources.ts.
export const NS = 'conversation';
