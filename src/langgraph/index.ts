export {
  createEngramCheckpointSaver,
  EngramCheckpointSaver,
  type EngramCheckpointSaverOptions,
} from './engram-checkpoint-saver.ts';
export { threadSessionId } from './storage-keys.ts';
