export type { ContentCase, ContentCaseContext } from './content-case.ts';
export { contentCases } from './content-cases.ts';
export {
  type ContentStoreFactory,
  type ContentStoreHandle,
  contentCaseNames,
  describeContentStore,
} from './describe-content-store.ts';
