/** A module without a default export. */
export const toolbox = 1;
