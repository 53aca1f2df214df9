export { applyTransform, type TransformContext } from './apply-transform.ts';
export { checkTransform, maxPatternLength, maxTransformNumber } from './check-transform.ts';
export { parseJsonPath, selectJsonPath } from './json-path.ts';
