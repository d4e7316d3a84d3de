import { PageHeader } from '../../../components/ui/page-header';
import { ChatPage } from '../../../features/chat/components/chat-page';
import { CHAT } from '../../../features/chat/texts';

/** /coach/ask-agaton: Ask Agaton for the signed-in coach, answering from their own data. */
export default function CoachAskAgatonRoute() {
  return (
    <>
      <PageHeader title={CHAT.title} />
      <ChatPage userType="USER" />
    </>
  );
}
