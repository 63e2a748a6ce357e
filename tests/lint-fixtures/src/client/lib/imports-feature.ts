// Wrong: client lib imports a feature.
export const load = () => import('../features/feed/title.js');
