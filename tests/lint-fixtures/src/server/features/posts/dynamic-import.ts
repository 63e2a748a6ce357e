// Wrong: a server feature loads another feature with import().
export const load = () => import('../groups/access.js');
