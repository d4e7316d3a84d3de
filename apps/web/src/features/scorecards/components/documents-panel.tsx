import '@mantine/dropzone/styles.css';
import { QA_TEXTS, type ScorecardDocument } from '@agaton/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { scorecardKeys, uploadDocument, useDeleteDocument, useDocuments } from '../api/scorecards-api';
import { SCORECARD_LABELS as L } from '../texts';
import {
  DOCUMENT_ACCEPT,
  exceedsCombinedLimit,
  formatBytes,
  uploadAll,
  uploadOutcome,
} from '../utils/document-upload';

const D = L.documents;

/**
 * A scorecard's reference documents (spec 3 §2.7, §5): drop or choose several PDF, DOCX or TXT files;
 * more than 100 MB together is refused before anything is sent; each file then goes in its own
 * request, all at once, and one toast says how it went (spec 3 §8).
 */
export function DocumentsPanel({ questionSetId }: { questionSetId: string }) {
  const documents = useDocuments(questionSetId);
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[], rejected: string[]) => {
    if (files.length + rejected.length === 0) return;
    if (exceedsCombinedLimit(files)) {
      notifications.show({ color: 'red', message: QA_TEXTS.uploadTooLarge });
      return;
    }
    setUploading(true);
    const result = await uploadAll(files, (file) => uploadDocument(questionSetId, file), rejected);
    setUploading(false);
    await queryClient.invalidateQueries({ queryKey: scorecardKeys.all });
    const outcome = uploadOutcome(result.succeeded, result.failed);
    if (outcome) notifications.show(outcome);
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            {D.title}
          </Title>
          <Text size="sm" c="dimmed">
            {D.hint}
          </Text>
        </div>
        <Dropzone
          onDrop={() => undefined}
          onDropAny={(accepted, rejections) =>
            void upload(
              accepted,
              rejections.map((r) => r.file.name),
            )
          }
          accept={DOCUMENT_ACCEPT}
          multiple
          loading={uploading}
          radius="md"
          data-testid="documents-dropzone"
        >
          <Group justify="center" gap="md" mih={72} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <ThemeIcon size={40} radius="xl" variant="light">
                <IconUpload size={22} />
              </ThemeIcon>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <ThemeIcon size={40} radius="xl" variant="light" color="red">
                <IconX size={22} />
              </ThemeIcon>
            </Dropzone.Reject>
            <Dropzone.Idle>
              <ThemeIcon size={40} radius="xl" variant="light" color="gray">
                <IconUpload size={22} />
              </ThemeIcon>
            </Dropzone.Idle>
            <Text fw={600} size="sm">
              {uploading ? D.uploading : D.drop}
            </Text>
          </Group>
        </Dropzone>
        {documents.isPending ? (
          <Loader size="sm" />
        ) : documents.isError ? (
          <Group gap="sm">
            <Text role="alert" size="sm" c="red.7">
              {D.loadFailed}
            </Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => documents.refetch()}
              loading={documents.isFetching}
            >
              {L.retry}
            </Button>
          </Group>
        ) : documents.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {D.none}
          </Text>
        ) : (
          <Stack gap={6} data-testid="document-list">
            {documents.data.map((doc) => (
              <DocumentRow key={doc.documentId} questionSetId={questionSetId} doc={doc} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function DocumentRow({ questionSetId, doc }: { questionSetId: string; doc: ScorecardDocument }) {
  const remove = useDeleteDocument(questionSetId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="document-row">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" color="gray" radius="md">
          <IconFileText size={18} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {doc.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(doc.sizeBytes)} · {D.textChars(doc.textChars)}
          </Text>
        </div>
      </Group>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={D.delete(doc.fileName)}
        onClick={() => setConfirming(true)}
      >
        <IconTrash size={18} />
      </ActionIcon>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={D.confirmTitle(doc.fileName)}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{D.confirmBody}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {D.cancel}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                // Promise callbacks, not mutate's: the row is gone once the list is read again.
                remove.mutateAsync(doc.documentId).then(
                  () => {
                    setConfirming(false);
                    notifications.show({ color: 'green', message: D.deleted });
                  },
                  () => notifications.show({ color: 'red', message: D.deleteFailed }),
                )
              }
            >
              {D.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
