import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { audioQueries } from '../../api/audio.ts';
import { companyQueries } from '../../api/companies.ts';
import { documentTypeQueries } from '../../api/document-types.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { DOCUMENT_GROUPS, type DocumentRecord } from '../../api/schemas.ts';
import { Fact } from '../../components/ui/fact.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonHeading, SkeletonPanel, SkeletonRows } from '../../components/skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { TimeText } from '../../components/time-text.tsx';
import { saveBlob } from '../../lib/download.ts';
import { extensionForType } from '../../lib/file-name.ts';
import { documentFileStem } from './document-file-name.ts';
import { formatBytes } from '../../lib/bytes.ts';
import { companyLabel, formatDateTime, MISSING, textOr } from '../../lib/format.ts';
import { languageName } from '../../lib/language.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { parseTranscriptText, type TranscriptHeading } from '../../lib/transcript/index.ts';
import { documentRecordQuery } from './document-record.ts';
import { FileError } from './file-error.tsx';
import { fileQueries, fileText, sniffFile, type LoadedFile } from '../../api/files.ts';
import { TranscriptReader } from './transcript-reader.tsx';

/** pdf.js loads only when a PDF is shown. */
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

const link = textLinkClass();

export function DocumentPage({ documentId, kind }: { documentId: number; kind?: 'transcript' }) {
  const { data: doc } = useSuspenseQuery(documentRecordQuery(documentId, kind));
  return <DocumentView doc={doc} />;
}

/** The page's shape while the document's record loads. */
export function DocumentSkeleton() {
  return (
    <>
      <SkeletonHeading />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <SkeletonPanel lines={9} />
        <SkeletonPanel lines={14} />
      </div>
    </>
  );
}

function DocumentView({ doc }: { doc: DocumentRecord }) {
  const type = useQuery(documentTypeQueries.detail(doc.typeId));
  const company = useQuery(companyQueries.detail(doc.companyId));
  const eventType = useQuery({ ...eventTypeQueries.detail(doc.event?.typeId ?? 0), enabled: doc.event !== undefined });
  const fileUrl = safeHttpUrl(doc.fileUrl);
  const file = useQuery({ ...fileQueries.file(fileUrl ?? ''), enabled: fileUrl !== undefined });

  const typeName = textOr(type.data?.name, `Document type ${doc.typeId}`);
  const companyName = company.data ? companyLabel(company.data) : `Company ${doc.companyId}`;
  const period = doc.event ? `${textOr(doc.event.fiscalPeriod)} ${doc.event.fiscalYear ?? MISSING}` : undefined;
  const eventTitle = textOr(doc.event?.title, `Event ${doc.eventId}`);
  const stem = documentFileStem(doc, company.data, type.data?.name);

  const download = (loaded: LoadedFile) => {
    const fromName = loaded.fileName && /\.([a-z0-9]{1,5})$/i.exec(loaded.fileName)?.[1];
    const ext = fromName ?? extensionForType(loaded.contentType, sniffFile(loaded) === 'pdf' ? 'pdf' : 'bin');
    saveBlob(new Blob([loaded.bytes as BlobPart], { type: loaded.contentType || 'application/octet-stream' }), `${stem}.${ext.toLowerCase()}`);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="lg:col-span-2">
        <p className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          <Link to="/companies/$companyId" params={{ companyId: doc.companyId }} className={link}>
            {companyName}
          </Link>
          {period && <span> · {period}</span>}
        </p>
        <h1 className="mt-1 break-words text-lg font-semibold tracking-tight">{doc.event ? `${eventTitle}: ${typeName}` : typeName}</h1>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="primary" disabled={!file.data} onClick={() => file.data && download(file.data)}>
            Download original
          </Button>
        </div>
      </div>

      <Panel title="About this document">
        <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 px-4 py-3 text-sm">
          <Fact label="Type">{typeName}</Fact>
          <Fact label="Category">{type.data?.category ?? '—'}</Fact>
          <Fact label="Form">{type.data?.form ?? '—'}</Fact>
          <Fact label="Group">
            {type.data ? (DOCUMENT_GROUPS[type.data.documentGroupId as keyof typeof DOCUMENT_GROUPS] ?? `Group ${type.data.documentGroupId}`) : '—'}
          </Fact>
          <Fact label="Company">
            <Link to="/companies/$companyId" params={{ companyId: doc.companyId }} className={link}>
              {companyName}
            </Link>
          </Fact>
          <Fact label="Event">
            <Link to="/events/$eventId" params={{ eventId: doc.eventId }} className={link}>
              {textOr(doc.event?.title, `Event ${doc.eventId}`)}
            </Link>
          </Fact>
          {doc.event && (
            <>
              <Fact label="Event date">
                <TimeText value={doc.event.date} />
              </Fact>
              <Fact label="Period">{period}</Fact>
              <Fact label="Event type">
                {eventType.data ? `${textOr(eventType.data.name, `Type ${doc.event.typeId}`)} (${textOr(eventType.data.parent)})` : `Type ${doc.event.typeId}`}
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
        {type.data?.description?.trim() && (
          <p className="break-words border-t border-slate-200 px-4 py-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {type.data.description}
          </p>
        )}
      </Panel>

      <Panel title="Document">
        {!fileUrl ? (
          <p role="alert" className="p-4 text-sm">
            This record names no file that can be opened (only http and https addresses are followed).
          </p>
        ) : file.data ? (
          <FileView
            file={file.data}
            doc={doc}
            stem={stem}
            title={doc.event ? `${eventTitle}: ${typeName}` : typeName}
            heading={{
              title: doc.event ? eventTitle : typeName,
              company: companyName,
              date: doc.event ? formatDateTime(doc.event.date) : undefined,
              type: typeName,
            }}
            onDownload={() => download(file.data!)}
          />
        ) : file.isError ? (
          <FileError error={file.error} onRetry={() => void file.refetch()} sourceUrl={fileUrl} />
        ) : (
          <SkeletonRows rows={8} label="Loading the file" />
        )}
      </Panel>
    </div>
  );
}

function FileView({
  file,
  doc,
  stem,
  title,
  heading,
  onDownload,
}: {
  file: LoadedFile;
  doc: DocumentRecord;
  stem: string;
  title: string;
  heading: TranscriptHeading;
  onDownload: () => void;
}) {
  const kind = sniffFile(file);
  const read = useMemo(() => (kind === 'json' ? parseTranscriptText(fileText(file)) : undefined), [file, kind]);
  const transcript = read?.ok ? read.transcript : undefined;
  const recording = useQuery({ ...audioQueries.list({ eventIds: [doc.eventId], limit: 1 }), enabled: transcript !== undefined });

  if (kind === 'pdf') {
    return (
      <Suspense
        fallback={
          <p role="status" className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
            Loading the PDF viewer…
          </p>
        }
      >
        <PdfViewer bytes={file.bytes} title={title} />
      </Suspense>
    );
  }
  if (transcript) {
    return <TranscriptReader transcript={transcript} heading={heading} audioId={recording.data?.data[0]?.id} fileStem={stem} />;
  }
  return (
    <div className="px-4 py-8 text-center">
      <p className="text-sm">
        This file ({file.contentType.split(';')[0] || 'unknown type'}, {formatBytes(file.bytes.byteLength)}) cannot be shown in the app.
      </p>
      {read && !read.ok && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{read.error}</p>}
      <Button variant="primary" className="mt-3" onClick={onDownload}>
        Download the file
      </Button>
    </div>
  );
}
