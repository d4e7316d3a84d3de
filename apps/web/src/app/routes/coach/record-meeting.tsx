import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/assistant — Record Meeting. */
export default function CoachRecordMeetingRoute() {
  return (
    <PlaceholderPage
      title="Record Meeting"
      emptyText="No recordings yet."
      hint="For best results, wear headphones during recording."
    />
  );
}
