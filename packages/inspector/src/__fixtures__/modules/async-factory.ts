import { fixtureToolbox } from '../toolbox';

/** A module whose default export is an async function returning a toolbox. */
export default async function createToolboxForInspector() {
  await Promise.resolve();
  return fixtureToolbox().toolbox;
}
