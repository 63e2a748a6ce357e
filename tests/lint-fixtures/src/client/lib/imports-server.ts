// Wrong: the client imports server code.
import { serverFlag } from '../../server/lib/flag.js';

export const flag = serverFlag;
