export { builtInCompactors, type CompactorRegistry, createCompactorRegistry } from './compactor-registry.ts';
export { htmlCompactor } from './html-compactor.ts';
export { jsonCompactor } from './json-compactor.ts';
export { tableCompactor } from './table-compactor.ts';
export { textCompactor } from './text-compactor.ts';
