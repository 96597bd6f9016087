/** A module whose default export is not a toolbox. */
export default { tools: [] };
