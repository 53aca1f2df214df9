export { createJsonFileStore, type JsonFileStoreOptions } from './json-file-driver.ts';
