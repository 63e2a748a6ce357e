export const groupAccess = 'member';
