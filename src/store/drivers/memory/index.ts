export * from './memory-driver.ts';
