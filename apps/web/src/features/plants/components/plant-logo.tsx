import { Image, ThemeIcon } from '@mantine/core';
import { IconSolarPanel2 } from '@tabler/icons-react';
import { useState } from 'react';

/** The plant's logo, or a solar-panel placeholder when it has none or it fails to load. */
export function PlantLogo({ url, alt, size = 56 }: { url: string; alt: string; size?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <ThemeIcon size={size} radius="md" variant="light" aria-hidden>
        <IconSolarPanel2 size={size * 0.55} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      w={size}
      h={size}
      fit="contain"
      radius="md"
      bg="white"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
      onError={() => setFailedUrl(url)}
    />
  );
}
