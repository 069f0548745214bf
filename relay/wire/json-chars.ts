// The character codes that structure JSON text, for the scanners that read it without parsing
// it (http/json-depth.ts over a request's bytes, wire/json-member.ts over an answer's text).

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
