export const postLimit = 20;
