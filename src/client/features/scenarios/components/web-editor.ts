// The external scenario editor (README: WEB_EDITOR_URL); the build can override it with VITE_WEB_EDITOR_URL.
export const WEB_EDITOR_URL: string = (import.meta.env.VITE_WEB_EDITOR_URL as string | undefined) ?? 'https://editor.realiti.example/';

export const editorUrlFor = (uuidId: string) => `${WEB_EDITOR_URL.replace(/\/$/, '')}/scenario/${encodeURIComponent(uuidId)}`;
