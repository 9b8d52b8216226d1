/** Runs of whitespace as one space, none at either end: names as practice systems type them, as people read them. */
export const collapseSpaces = (text: string): string => text.replace(/\s+/g, ' ').trim();
