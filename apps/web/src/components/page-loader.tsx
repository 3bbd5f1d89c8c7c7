import { Center, Loader } from '@mantine/core';

/** Shown while the first route (guard + lazy chunk) loads. */
export function PageLoader() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Heliotrack" />
    </Center>
  );
}
