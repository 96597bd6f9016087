import { fixtureToolbox } from '../toolbox';

/** A module whose default export is a toolbox. */
export default fixtureToolbox().toolbox;
