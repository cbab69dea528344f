import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { StopPerson } from '../../core/contracts/citations.ts';
import { parseLicenceBarcode } from '../../core/citations/aamva.ts';

/**
 * "Scan licence": the camera reads the PDF417 barcode on the back of a driver licence with ZXing
 * (@zxing/browser, a kept decoder, loaded only when the officer taps the button: ~400 kB no one else
 * downloads), and parseLicenceBarcode turns its AAMVA text into the person's fields.
 */

/** Why the camera cannot be used, in words an officer can act on. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera was not allowed. Allow the camera for Precinct in the browser’s settings, or type the details from the licence.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'This device has no camera Precinct can use. Type the details from the licence.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again, or type the details.';
  return 'The camera could not be started. Type the details from the licence.';
}

type Controls = { stop: () => void };

function Scanner({ onScanned, onProblem }: { onScanned: (person: Partial<StopPerson>) => void; onProblem: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState('Starting the camera…');
  const latest = useRef({ onScanned, onProblem });
  useEffect(() => {
    latest.current = { onScanned, onProblem };
  });
  useEffect(() => {
    let controls: Controls | null = null;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        latest.current.onProblem('This device or browser gives Precinct no camera. Type the details from the licence.');
        return;
      }
      const [{ BrowserPDF417Reader }] = await Promise.all([import('@zxing/browser')]);
      if (stopped || !video.current) return;
      const reader = new BrowserPDF417Reader();
      controls = await reader.decodeFromConstraints({ video: { facingMode: { ideal: 'environment' } } }, video.current, (result) => {
        if (!result || stopped) return;
        const person = parseLicenceBarcode(result.getText());
        if (!person) {
          setStatus('That barcode is not a driver licence’s. Hold the back of the licence up to the camera.');
          return;
        }
        stopped = true;
        controls?.stop();
        latest.current.onScanned(person);
      });
      if (stopped) controls.stop();
      else setStatus('Hold the barcode on the back of the licence inside the frame, about a hand’s width away.');
    };
    start().catch((error: unknown) => {
      if (!stopped) latest.current.onProblem(cameraProblem(error));
    });
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);
  return (
    <Stack gap="sm">
      <video
        ref={video}
        muted
        playsInline
        aria-label="The camera’s view"
        style={{ width: '100%', maxHeight: '50vh', background: 'black', borderRadius: 8, objectFit: 'cover' }}
      />
      <Text fz="sm" role="status" aria-live="polite">
        {status}
      </Text>
    </Stack>
  );
}

export function LicenceScanButton({ onScanned }: { onScanned: (person: Partial<StopPerson>) => void }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="light"
        size="md"
        leftSection={<IconId aria-hidden size={20} />}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Scan licence
      </Button>
      {problem && !open ? (
        <Alert color="orange" variant="light" role="alert" withCloseButton onClose={() => setProblem(null)} closeButtonLabel="Dismiss">
          {problem}
        </Alert>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title="Scan the licence’s barcode" fullScreen={false} size="lg">
        {open ? (
          <Scanner
            onScanned={(person) => {
              setOpen(false);
              onScanned(person);
            }}
            onProblem={(message) => {
              setOpen(false);
              setProblem(message);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
