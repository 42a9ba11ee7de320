import { Button } from '@lamplight/ui'
import { DownloadIcon, PrinterIcon } from '@lamplight/ui/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { resourceKeys } from '../api/resources'
import { downloadFile } from '../lib/download'
import { canPrint, fileKind } from '../lib/file-kind'
import { printFile } from '../lib/print'

type Downloadable = { download_url: string; url: string; filename: string; mime_type: string }

/** Download (counted) and, for images and PDFs, Print; `label` names the file for screen readers. */
export function FileActions({
  file,
  title,
  label,
  size = 'sm',
  className,
}: {
  file: Downloadable
  /** The print window's title. */
  title: string
  /** What the buttons act on, for screen readers ("Download {label}"). */
  label?: string
  size?: 'sm' | 'default' | 'lg'
  className?: string
}) {
  const { busy, download } = useDownload()
  const kind = fileKind(file.mime_type, file.filename)
  return (
    <div className={className ?? 'flex flex-wrap gap-2'}>
      <Button
        size={size}
        onClick={() => download(file)}
        disabled={busy}
        aria-busy={busy}
        aria-label={label ? `Download ${label}` : undefined}
      >
        <DownloadIcon aria-hidden="true" />
        Download
      </Button>
      {canPrint(kind) && (
        <Button
          size={size}
          variant="outline"
          onClick={() => printFile(file.url, title, kind)}
          aria-label={label ? `Print ${label}` : undefined}
        >
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      )}
    </div>
  )
}

/** Downloads a file and then refreshes the counts the library shows. */
export function useDownload() {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const download = async (file: Pick<Downloadable, 'download_url' | 'filename'>) => {
    setBusy(true)
    try {
      if (await downloadFile(file.download_url, file.filename)) {
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all })
      }
    } finally {
      setBusy(false)
    }
  }
  return { busy, download }
}
