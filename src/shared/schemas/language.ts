// The schema of a language setting (the languages and how one is chosen: ../languages.ts).
import * as v from 'valibot';
import { LANGUAGES } from '../languages.js';

export const languageSchema = v.picklist(LANGUAGES, 'Language must be one of: en, de');
