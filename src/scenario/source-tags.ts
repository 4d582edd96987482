/** The library's elements that serve views other than themselves, as a selector. */
export const SOURCES = 'bulkhead-lab,bulkhead-scenario';
