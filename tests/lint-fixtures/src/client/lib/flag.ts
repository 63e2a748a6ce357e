export const clientFlag = true;
