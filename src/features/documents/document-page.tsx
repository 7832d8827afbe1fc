import { useQuery, useSuspenseQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { audioQueries } from '../../api/audio.ts';
import { companyQueries } from '../../api/companies.ts';
import { documentTypeQueries } from '../../api/document-types.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { DocumentRecord } from '../../api/schemas.ts';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { documentTypeLabel, eventName, fiscalLabel } from '../../lib/names.ts';
import { Fact } from '../../components/ui/fact.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { TimeText } from '../../components/time-text.tsx';
import { saveBlob } from '../../lib/download.ts';
import { extensionForType } from '../../lib/file-name.ts';
import { documentFileStem } from './document-file-name.ts';
import { formatBytes } from '../../lib/bytes.ts';
import { companyLabel, formatDateTime } from '../../lib/format.ts';
import { languageName } from '../../lib/language.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { parseTranscriptText, type TranscriptHeading } from '../../lib/transcript/index.ts';
import { documentRecordQuery } from './document-record.ts';
import { FileError } from './file-error.tsx';
import { PdfPlaceholder, TranscriptPlaceholder } from './file-placeholder.tsx';
import { fileQueries, fileText, sniffFile, type LoadedFile } from '../../api/files.ts';
import type { NoteCall } from '../../lib/notes/index.ts';
import { CallNeighbours } from '../../components/deferred-slots.tsx';
import { isTranscriptType } from '../../lib/transcript-records.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** pdf.js loads only when a PDF is shown. */
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));
/** The transcript reader (with its highlights, quotes and exports) loads only when a transcript is shown. */
const TranscriptReader = lazy(() => import('./transcript-reader.tsx').then((module) => ({ default: module.TranscriptReader })));

const link = textLinkClass();

export function DocumentPage({
  documentId,
  kind,
  sentence,
  renderQna,
}: {
  documentId: number;
  kind?: 'transcript';
  sentence?: number;
  /** A transcript's call's Q&A at a glance (the player's panel, passed in by the route). */
  renderQna?: (eventId: number) => ReactNode;
}) {
  const { data: doc } = useSuspenseQuery(documentRecordQuery(documentId, kind));
  return <DocumentView doc={doc} sentence={sentence} renderQna={renderQna} />;
}

/** What a document is called, and the names its exports and file carry: one place for the page and a transcript shown elsewhere. */
function useDocumentNames(doc: DocumentRecord) {
  const type = useQuery(documentTypeQueries.detail(doc.typeId));
  const company = useQuery(companyQueries.detail(doc.companyId));
  const eventType = useQuery({ ...eventTypeQueries.detail(doc.event?.typeId ?? 0), enabled: doc.event !== undefined });
  const typeName = documentTypeLabel(type.data);
  const companyName = company.data ? companyLabel(company.data) : undefined;
  const callName = doc.event ? eventName(doc.event, { type: eventType.data, company: company.data }) : undefined;
  return {
    type: type.data,
    typeName,
    company: company.data,
    companyName,
    callName,
    title: callName ? `${callName}: ${typeName}` : typeName,
    stem: documentFileStem(doc, company.data, type.data ? typeName : undefined),
    heading: {
      title: callName ?? typeName,
      company: companyName,
      date: doc.event?.date ? formatDateTime(doc.event.date) : undefined,
      type: typeName,
    } satisfies TranscriptHeading,
  };
}

/** Whether the page is wide enough to show the facts beside the text (they fold away on phones). */
function wide(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 1024px)').matches;
}

function DocumentView({ doc, sentence, renderQna }: { doc: DocumentRecord; sentence?: number; renderQna?: (eventId: number) => ReactNode }) {
  const names = useDocumentNames(doc);
  usePageTitle(names.companyName, names.title);
  const fileUrl = safeHttpUrl(doc.fileUrl);
  const file = useQuery({ ...fileQueries.file(fileUrl ?? ''), enabled: fileUrl !== undefined });
  const [factsOpen] = useState(wide);
  // A call's transcript (not a report's PDF) leads to the company's other calls and shows the call's Q&A.
  const transcript = file.data !== undefined && sniffFile(file.data) === 'json';
  // The links to other calls hold their room from the start when the document's type says transcript
  // (the file, larger, comes later: placed only then, they pushed the transcript down as it arrived).
  const neighbours = file.data !== undefined ? transcript : isTranscriptType(names.type);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="lg:col-span-2">
        <p className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          <Link to="/companies/$companyId" params={{ companyId: doc.companyId }} className={link}>
            {names.companyName ?? 'Company page'}
          </Link>
          {doc.event && fiscalLabel(doc.event) && <span> · {fiscalLabel(doc.event)}</span>}
        </p>
        <h1 className="mt-1 break-words text-lg font-semibold tracking-tight">{names.title}</h1>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700 dark:text-slate-300">
          {doc.event?.date && <TimeText value={doc.event.date} />}
          <Link to="/events/$eventId" params={{ eventId: doc.eventId }} className={textLinkClass({ strong: false })}>
            Event page
          </Link>
        </p>
        {doc.event?.date && <TimeZoneNote className="mt-1" />}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="primary" disabled={!file.data} onClick={() => file.data && saveOriginal(file.data, names.stem)}>
            Download original
          </Button>
        </div>
        {neighbours && <CallNeighbours eventId={doc.eventId} className="mt-3 max-w-xl" />}
      </div>

      <Panel title="Document">
        <DocumentFileView doc={doc} names={names} fileUrl={fileUrl} file={file} sentence={sentence} />
      </Panel>

      {/* The text comes first; the facts fold away on a phone and sit beside the text on a wide screen. */}
      <div className="min-w-0 space-y-5">
        <details open={factsOpen} className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-semibold tracking-tight [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
              ›
            </span>
            About this document
          </summary>
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800">
            <Fact label="Type">{names.typeName}</Fact>
            <Fact label="Company">
              <Link to="/companies/$companyId" params={{ companyId: doc.companyId }} className={link}>
                {names.companyName ?? 'Company page'}
              </Link>
            </Fact>
            <Fact label="Event">
              <Link to="/events/$eventId" params={{ eventId: doc.eventId }} className={link}>
                {names.callName ?? 'Event page'}
              </Link>
            </Fact>
            {doc.event && (
              <>
                <Fact label="Event date">
                  <TimeText value={doc.event.date} />
                </Fact>
                <Fact label="Language">{languageName(doc.event.language)}</Fact>
              </>
            )}
            <Fact label="Published">
              <TimeText value={doc.createdAt} />
            </Fact>
            <Fact label="Updated">
              <TimeText value={doc.updatedAt} />
            </Fact>
            {file.data && <Fact label="Size">{formatBytes(file.data.bytes.byteLength)}</Fact>}
          </dl>
          {names.type?.description?.trim() && (
            <p className="break-words border-t border-slate-200 px-4 py-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              {names.type.description}
            </p>
          )}
        </details>
        {transcript && renderQna && <Panel title="Q&A">{renderQna(doc.eventId)}</Panel>}
      </div>
    </div>
  );
}

function saveOriginal(loaded: LoadedFile, stem: string) {
  const fromName = loaded.fileName && /\.([a-z0-9]{1,5})$/i.exec(loaded.fileName)?.[1];
  const ext = fromName ?? extensionForType(loaded.contentType, sniffFile(loaded) === 'pdf' ? 'pdf' : 'bin');
  saveBlob(new Blob([loaded.bytes as BlobPart], { type: loaded.contentType || 'application/octet-stream' }), `${stem}.${ext.toLowerCase()}`);
}

function DocumentFileView({
  doc,
  names,
  fileUrl,
  file,
  sentence,
}: {
  doc: DocumentRecord;
  names: ReturnType<typeof useDocumentNames>;
  fileUrl: string | undefined;
  file: UseQueryResult<LoadedFile>;
  /** A transcript's sentence to open at. */
  sentence?: number;
}) {
  if (!fileUrl) {
    return (
      <p role="alert" className="p-4 text-sm">
        This document names no file that can be opened (only http and https addresses are followed).
      </p>
    );
  }
  if (file.data) {
    return (
      <FileView
        file={file.data}
        doc={doc}
        stem={names.stem}
        title={names.title}
        heading={names.heading}
        onDownload={() => saveOriginal(file.data!, names.stem)}
        sentence={sentence}
      />
    );
  }
  if (file.isError) return <FileError error={file.error} onRetry={() => void file.refetch()} sourceUrl={fileUrl} />;
  // Shaped like what the document's type says is coming (a report is most often a PDF).
  return isTranscriptType(names.type) ? <TranscriptPlaceholder label="Loading the file" /> : <PdfPlaceholder label="Loading the file" />;
}

/**
 * A document's file shown where it is needed (a transcript on its event's page): the same reader,
 * names and failure messages as the document's own page.
 */
export function DocumentFile({ doc }: { doc: DocumentRecord }) {
  const names = useDocumentNames(doc);
  const fileUrl = safeHttpUrl(doc.fileUrl);
  const file = useQuery({ ...fileQueries.file(fileUrl ?? ''), enabled: fileUrl !== undefined });
  return <DocumentFileView doc={doc} names={names} fileUrl={fileUrl} file={file} />;
}

function FileView({
  file,
  doc,
  stem,
  title,
  heading,
  onDownload,
  sentence,
}: {
  file: LoadedFile;
  doc: DocumentRecord;
  stem: string;
  title: string;
  heading: TranscriptHeading;
  onDownload: () => void;
  sentence?: number;
}) {
  const kind = sniffFile(file);
  const read = useMemo(() => (kind === 'json' ? parseTranscriptText(fileText(file)) : undefined), [file, kind]);
  const transcript = read?.ok ? read.transcript : undefined;
  // The same read as the Q&A beside it makes (with the event, so the player can name the call).
  const recording = useQuery({ ...audioQueries.list({ eventIds: [doc.eventId], expand: ['event'], limit: 1 }), enabled: transcript !== undefined });

  if (kind === 'pdf') {
    return (
      <Suspense fallback={<PdfPlaceholder label="Loading the PDF viewer" />}>
        <PdfViewer bytes={file.bytes} title={title} />
      </Suspense>
    );
  }
  if (transcript) {
    const audioId = recording.data?.data[0]?.id;
    const call: NoteCall = {
      eventId: doc.eventId,
      ...(audioId !== undefined ? { audioId } : {}),
      companyId: doc.companyId,
      company: heading.company ?? '',
      event: heading.title,
      ...(doc.event?.date ? { date: doc.event.date } : {}),
    };
    return (
      <Suspense fallback={<TranscriptPlaceholder label="Loading the transcript" />}>
        <TranscriptReader transcript={transcript} heading={heading} audioId={audioId} fileStem={stem} focusSentence={sentence} call={call} />
      </Suspense>
    );
  }
  return (
    <div className="px-4 py-8 text-center">
      <p className="text-sm">This file ({formatBytes(file.bytes.byteLength)}) is not a PDF or a transcript, so it cannot be shown in the app.</p>
      {read && !read.ok && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{read.error}</p>}
      <Button variant="primary" className="mt-3" onClick={onDownload}>
        Download the file
      </Button>
    </div>
  );
}
