// Types of fold.mjs (plain JavaScript, so the SQLite reader threads run it as it is).
export declare const DIACRITIC_RANGES: string;
export declare function foldAccents(text: string): string;
export declare function holdsWords(text: string, words: readonly string[]): boolean;
export declare function holdsWordsSql(text: unknown, words: unknown): 0 | 1;
