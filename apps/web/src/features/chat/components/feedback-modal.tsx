import { feedbackComment } from '@agaton/contracts';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CHAT } from '../texts';

/** Thumbs-down: one of the five reasons (spec 1 §5) and an optional comment of 2 to 5 rows. */
export function FeedbackModal(props: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (comment: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const close = () => {
    setReason(null);
    setText('');
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={CHAT.feedbackTitle} size={680} centered>
      <Stack>
        <Radio.Group value={reason} onChange={setReason}>
          <Stack gap="xs">
            {CHAT.thumbsDownReasons.map((r) => (
              <Radio key={r} value={r} label={r} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={CHAT.feedbackComment}
          placeholder={CHAT.commentPlaceholder}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={CHAT.maxCommentChars - 100}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {CHAT.feedbackCancel}
          </Button>
          <Button
            disabled={!reason}
            loading={saving}
            onClick={async () => {
              if (!reason) return;
              setSaving(true);
              try {
                await props.onSubmit(feedbackComment(reason, text));
                close();
              } finally {
                setSaving(false);
              }
            }}
          >
            {CHAT.feedbackSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
