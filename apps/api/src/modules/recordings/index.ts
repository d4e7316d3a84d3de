/** The face of modules/recordings (issue 29 item 2): what the rest of the API may use of it. */
export { playbackLink, playbackQuerySchema, sendRecording, verifyPlaybackLink } from './recording-link.ts';
export {
  extensionOf,
  RECORDING_MIME,
  receiveRecording,
  sniffed,
  UPLOAD_TEXTS,
  type UploadedRecording,
} from './recording-upload.ts';
