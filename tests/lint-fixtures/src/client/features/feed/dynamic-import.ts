// Wrong: a feature loads another feature with import().
export const load = () => import('../scenarios/title.js');
