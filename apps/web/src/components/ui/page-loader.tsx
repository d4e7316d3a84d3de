import { Center, Loader } from '@mantine/core';

/** Full-height spinner shown while account state loads. */
export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
