// Wrong: src/shared imports client code.
import { clientFlag } from '../client/lib/flag.js';

export const flag = clientFlag;
