/** Adult speakers of the speechocean762 dev set whose recordings make the demo coach's sessions. */
export const DEMO_SESSION_SPEAKERS = ['0594', '1260', '1362', '2251'] as const;

/** One line of manifest.json, written by make-demo-recordings.ts. */
export interface DemoRecording {
  file: string;
  speaker: string;
  seconds: number;
}
