import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { CITATION_KIND_LABELS, type CitationCopy } from '../../core/contracts/citations.ts';
import { personName } from '../../core/citations/citation-rules.ts';
import { WEEKDAY_LABELS } from '../../core/dates.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { personLines, vehicleLines } from './citation-view.tsx';
import { useCopy } from './citations-calls.ts';
import { calendarDate, localStamp } from './citations-ui.tsx';
import { money } from './stop-model.ts';

/**
 * The printed copy sits on a sheet of paper on screen too: black on white in either theme (it is what
 * the violator and the court get), fitted to a US letter page when printed; the toolbar is not printed.
 */
const PRINT_CSS = `
@page { size: letter; margin: 0.4in; }
.citation-sheet { background: #fff; color: #111; max-width: 7.7in; margin: 0 auto; padding: 0.35in; font-size: 10.5pt; line-height: 1.35;
  border: 1px solid #999; box-sizing: border-box; }
.citation-sheet h1 { font-size: 15pt; margin: 0; }
.citation-sheet h2 { font-size: 10.5pt; margin: 0 0 2pt; text-transform: uppercase; letter-spacing: 0.04em; border-bottom: 1px solid #444; }
.citation-sheet section { margin-top: 9pt; break-inside: avoid; }
.citation-sheet .cols { display: grid; grid-template-columns: 1fr 1fr; gap: 12pt; }
.citation-sheet table { width: 100%; border-collapse: collapse; }
.citation-sheet th, .citation-sheet td { border: 1px solid #666; padding: 2pt 4pt; text-align: left; vertical-align: top; }
.citation-sheet .right { text-align: right; white-space: nowrap; }
.citation-sheet .head { display: flex; justify-content: space-between; align-items: flex-start; gap: 12pt; }
.citation-sheet .number { font: 700 14pt ui-monospace, monospace; }
.citation-sheet .void { border: 3px solid #b00; color: #b00; font-weight: 800; font-size: 16pt; text-align: center; padding: 4pt; margin-top: 8pt; }
.citation-sheet p { margin: 0; }
.citation-sheet .instructions { white-space: pre-line; }
.citation-sheet svg { display: block; max-width: min(3.2in, 100%); height: auto; }
.citation-sheet td { overflow-wrap: anywhere; }
@media print {
  .citation-toolbar { display: none !important; }
  html, body { background: #fff !important; }
  .citation-sheet { border: 0; padding: 0; max-width: none; }
}
@media screen and (max-width: 40em) { .citation-sheet { padding: 12px; } .citation-sheet .cols { grid-template-columns: 1fr; } .citation-sheet .head { flex-direction: column; } }
`;

/** The number as a Code 128 barcode (jsbarcode, SVG: sharp at any print resolution). */
function NumberBarcode({ number }: { number: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!svg.current) return;
    JsBarcode(svg.current, number, {
      format: 'CODE128',
      displayValue: false,
      height: 44,
      width: 1.6,
      margin: 0,
      background: '#ffffff',
      lineColor: '#000000',
    });
  }, [number]);
  return <svg ref={svg} role="img" aria-label={`Barcode of citation number ${number}`} data-testid="citation-barcode" />;
}

function weekdayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAY_LABELS[day] ?? '';
}

function Sheet({ copy }: { copy: CitationCopy }) {
  const violator = copy.copy === 'violator';
  return (
    <article className="citation-sheet" aria-label={`${violator ? 'Violator’s' : 'Court'} copy of ${copy.number}`}>
      <div className="head">
        <div>
          <p>{copy.agency_name}</p>
          <h1>
            {CITATION_KIND_LABELS[copy.kind]} — {violator ? 'Violator’s copy' : 'Court copy'}
          </h1>
          <p>
            Issued by {copy.officer_name}
            {copy.amended > 0 ? ` · Amended ${copy.amended === 1 ? 'once' : `${copy.amended} times`}` : ''}
          </p>
        </div>
        <div>
          <p className="number" data-testid="citation-number">
            No. {copy.number}
          </p>
          <NumberBarcode number={copy.number} />
        </div>
      </div>
      {copy.status === 'void' ? <p className="void">VOID</p> : null}
      <section className="cols">
        <div>
          <h2>Person</h2>
          {personLines(copy.person).map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
        <div>
          <h2>Vehicle</h2>
          {vehicleLines(copy.vehicle).length === 0 ? <p>—</p> : null}
          {vehicleLines(copy.vehicle).map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      </section>
      <section>
        <h2>When and where</h2>
        <p>
          {localStamp(copy.occurred_at)} · {copy.location}
        </p>
      </section>
      <section>
        <h2>Violations</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Violation</th>
              <th scope="col">Points</th>
              <th scope="col" className="right">
                Fine
              </th>
            </tr>
          </thead>
          <tbody>
            {copy.violations.map((v, i) => (
              <tr key={i}>
                <td>{v.code}</td>
                <td>
                  {v.description}
                  {v.speed !== null ? ` — ${v.speed} mph in a ${v.posted_limit ?? '?'} mph zone` : ''}
                  {v.moving ? '' : ' (non-moving)'}
                </td>
                <td>{v.points}</td>
                <td className="right">{money(v.fine_cents)}</td>
              </tr>
            ))}
          </tbody>
          {copy.kind !== 'warning' ? (
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="right">{money(copy.total_fine_cents)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </section>
      {copy.court ? (
        <section>
          <h2>Court appearance</h2>
          <p>
            <strong>
              {copy.appearance_date ? `${weekdayOf(copy.appearance_date)} ${calendarDate(copy.appearance_date)}` : 'Date to be set'} at{' '}
              {copy.court.session_time}
            </strong>
          </p>
          <p>{copy.court.name}</p>
          {copy.court.address ? <p>{copy.court.address}</p> : null}
          {copy.court.phone ? <p>{copy.court.phone}</p> : null}
        </section>
      ) : copy.kind === 'warning' ? (
        <section>
          <p>This is a written warning: no fine is due and no court appearance is needed.</p>
        </section>
      ) : null}
      {violator && copy.instructions ? (
        <section>
          <h2>What to do</h2>
          <p className="instructions">{copy.instructions}</p>
        </section>
      ) : null}
      {!violator && copy.officer_notes ? (
        <section data-testid="officer-notes">
          <h2>Officer’s notes</h2>
          <p className="instructions">{copy.officer_notes}</p>
        </section>
      ) : null}
      <section>
        <p>
          Person: {personName(copy.person) || '—'} · Officer: {copy.officer_name}
        </p>
      </section>
    </article>
  );
}

/** /citations/{id}/print?copy=violator|court: the copy on a letter page, with its number as a barcode; printing starts by itself. */
export function PrintScreen() {
  const { citation_id: id = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const which = search.copy === 'court' ? 'court' : 'violator';
  const copy = useCopy(id, which);
  usePageTitle(copy.data ? `Citation ${copy.data.number} (${which === 'court' ? 'court' : 'violator'} copy)` : 'Citation');
  const ready = Boolean(copy.data);
  useEffect(() => {
    if (!ready || navigator.webdriver) return;
    const timer = window.setTimeout(() => window.print(), 400);
    return () => window.clearTimeout(timer);
  }, [ready, which]);
  return (
    <Stack gap="md">
      <style>{PRINT_CSS}</style>
      <Group className="citation-toolbar" justify="space-between" maw="7.7in" w="100%" mx="auto" wrap="wrap">
        <SegmentedControl
          aria-label="Which copy"
          data={[
            { value: 'violator', label: 'Violator’s copy' },
            { value: 'court', label: 'Court copy' },
          ]}
          value={which}
          onChange={(value) =>
            void navigate({ to: '/citations/$citation_id/print', params: { citation_id: id }, search: { copy: value }, replace: true })
          }
        />
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={!ready}>
          Print
        </Button>
      </Group>
      {copy.isPending ? (
        <LoadingState label="Loading the copy…" />
      ) : copy.isError ? (
        <ErrorState message={errorMessage(copy.error)} onRetry={() => void copy.refetch()} />
      ) : (
        <Sheet copy={copy.data} />
      )}
    </Stack>
  );
}
