export const feedTitle = 'The feed';
