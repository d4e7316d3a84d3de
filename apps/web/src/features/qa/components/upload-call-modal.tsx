import { type Admin, QA_LIMITS } from '@agaton/contracts';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconFileText, IconMusic } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useQaAgents, useUploadCall } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';

const MB = 1024 * 1024;
const U = L.upload;

interface FormState {
  agentId: string | null;
  title: string;
  occurredAt: Date;
  audio: File | null;
  transcript: File | null;
}

const blank = (): FormState => ({
  agentId: null,
  title: '',
  occurredAt: new Date(),
  audio: null,
  transcript: null,
});

/** What stops the form from being sent, per field (null when it may be sent). */
function problems(form: FormState) {
  const audioMb = QA_LIMITS.maxCallAudioBytes / MB;
  const transcriptMb = QA_LIMITS.maxCallTranscriptBytes / MB;
  return {
    agentId: form.agentId ? null : L.required,
    title: form.title.trim() ? null : L.required,
    files: form.audio || form.transcript ? null : U.needFile,
    audio:
      form.audio && form.audio.size > QA_LIMITS.maxCallAudioBytes ? U.tooLarge('recording', audioMb) : null,
    transcript:
      form.transcript && form.transcript.size > QA_LIMITS.maxCallTranscriptBytes
        ? U.tooLarge('transcript', transcriptMb)
        : null,
  };
}

/**
 * Upload a call (POST /api/qa/calls): the agent who took it, a title, when it took place, and a
 * recording, a transcript or both. The call is analysed in the background; the page polls it.
 */
export function UploadCallModal(props: {
  admin: Admin;
  opened: boolean;
  onClose: () => void;
  onUploaded: (call: { callId: string; title: string }) => void;
}) {
  const [form, setForm] = useState<FormState>(blank);
  const [touched, setTouched] = useState(false);
  const agents = useQaAgents(props.admin.organizationInfo.id, null);
  const upload = useUploadCall();
  const issues = problems(form);
  const invalid = Object.values(issues).some(Boolean);
  const show = (issue: string | null) => (touched ? issue : null);
  const close = () => {
    setForm(blank());
    setTouched(false);
    upload.reset();
    props.onClose();
  };
  const submit = () => {
    setTouched(true);
    if (invalid || !form.agentId) return;
    const title = form.title.trim();
    upload.mutate(
      {
        agentIdentityId: form.agentId,
        title,
        occurredAt: form.occurredAt,
        audio: form.audio,
        transcript: form.transcript,
      },
      {
        onSuccess: (accepted) => {
          props.onUploaded({ callId: accepted.callId, title });
          close();
        },
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={close} title={U.title} centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={U.agent}
            placeholder={U.agentPlaceholder}
            data={agents.data ?? []}
            value={form.agentId}
            onChange={(agentId) => setForm((f) => ({ ...f, agentId }))}
            searchable
            required
            error={show(issues.agentId)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={U.callTitle}
            placeholder={U.callTitlePlaceholder}
            value={form.title}
            maxLength={QA_LIMITS.maxCallTitleChars}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setForm((f) => ({ ...f, title }));
            }}
            required
            error={show(issues.title)}
          />
          <DateTimePicker
            label={U.occurredAt}
            value={form.occurredAt}
            onChange={(value) => value && setForm((f) => ({ ...f, occurredAt: dayjs(value).toDate() }))}
            valueFormat="D MMM YYYY HH:mm"
            maxDate={new Date()}
          />
          <FileInput
            label={U.audio}
            description={U.audioHint}
            placeholder={U.audioPlaceholder}
            accept="audio/*,.wav,.mp3,.ogg,.opus,.webm,.m4a,.flac"
            leftSection={<IconMusic size={16} />}
            value={form.audio}
            onChange={(audio) => setForm((f) => ({ ...f, audio }))}
            clearable
            error={show(issues.audio)}
          />
          <FileInput
            label={U.transcript}
            description={U.transcriptHint}
            placeholder={U.transcriptPlaceholder}
            accept=".vtt,.json,text/vtt,application/json"
            leftSection={<IconFileText size={16} />}
            value={form.transcript}
            onChange={(transcript) => setForm((f) => ({ ...f, transcript }))}
            clearable
            error={show(issues.transcript ?? issues.files)}
          />
          {upload.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(upload.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {U.cancel}
            </Button>
            <Button type="submit" loading={upload.isPending} disabled={touched && invalid}>
              {U.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
