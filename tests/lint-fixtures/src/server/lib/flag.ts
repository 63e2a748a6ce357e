export const serverFlag = true;
