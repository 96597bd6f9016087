/** A module that fails while loading. */
throw new Error('the database is down');

export {};
