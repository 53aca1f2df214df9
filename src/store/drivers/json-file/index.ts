export * from './json-file-driver.ts';
