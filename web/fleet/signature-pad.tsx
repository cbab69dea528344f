import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { isKeptPhotoId } from '../lib/outbox/kept-photo-rules.ts';
import { forgetKeptPhotos } from '../lib/outbox/kept-photos.ts';
import { KeptPhotoNote, StoredSignature } from './photo-field.tsx';
import { uploadFormPhoto } from './upload-photo.ts';

/**
 * A signature drawn with a finger, stylus or mouse on a white canvas, uploaded as a PNG; the answer is
 * the stored object's id (or, without a connection, the local id of the image kept on the device, as a
 * photo is). Once saved it shows the image with a way to sign again.
 */
export function SignaturePad({
  label,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  describedBy?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const context = element.getContext('2d');
    if (!context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, element.width, element.height);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111111';
  }, [value]);

  const point = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const element = event.currentTarget;
    const box = element.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * element.width, y: ((event.clientY - box.top) / box.height) * element.height };
  };

  const clear = () => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, element.width, element.height);
    setDrawn(false);
  };

  const save = () => {
    const element = canvas.current;
    if (!element) return;
    setProblem(null);
    element.toBlob((blob) => {
      if (!blob) {
        setProblem('The signature could not be read; try again');
        return;
      }
      setProgress(0);
      uploadFormPhoto(blob, setProgress)
        .then((signature) => onChange(signature.id))
        .catch((error: unknown) => setProblem(errorMessage(error)))
        .finally(() => setProgress(null));
    }, 'image/png');
  };

  if (value)
    return (
      <Stack gap={6}>
        <StoredSignature id={value} alt={`Signature: ${label}`} />
        {isKeptPhotoId(value) ? <KeptPhotoNote /> : null}
        <Button
          variant="default"
          size="md"
          onClick={() => {
            onChange(null);
            if (isKeptPhotoId(value)) void forgetKeptPhotos([value]).catch(() => undefined);
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          Sign again
        </Button>
      </Stack>
    );

  return (
    <Stack gap={6}>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-label={`Signature pad for ${label}: sign with your finger or a mouse`}
        aria-describedby={describedBy}
        style={{
          width: '100%',
          maxWidth: 600,
          aspectRatio: '3 / 1',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          touchAction: 'none',
          background: '#fff',
        }}
        onPointerDown={(event) => {
          const context = event.currentTarget.getContext('2d');
          if (!context) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const { x, y } = point(event);
          context.beginPath();
          context.moveTo(x, y);
          context.lineTo(x + 0.1, y + 0.1);
          context.stroke();
          setDrawn(true);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const context = event.currentTarget.getContext('2d');
          if (!context) return;
          const { x, y } = point(event);
          context.lineTo(x, y);
          context.stroke();
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      {progress !== null ? (
        <Stack gap={2}>
          <Progress value={progress} size="lg" aria-label={`Uploading the signature for ${label}`} />
          <Text fz="xs" c="dimmed" role="status">
            Saving the signature… {progress}%
          </Text>
        </Stack>
      ) : (
        <Group gap="xs">
          <Button size="md" onClick={save} disabled={!drawn}>
            Use this signature
          </Button>
          <Button size="md" variant="default" onClick={clear} disabled={!drawn}>
            Clear
          </Button>
        </Group>
      )}
      {problem ? (
        <Text fz="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
