import { createRoot } from 'react-dom/client'
import { App } from './app'
import { startErrorReporting } from './observability'
import './styles.css'

// Reads /runtime-config.json; loads the tracker's SDK only when a DSN is configured.
void startErrorReporting()

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')
createRoot(container).render(<App />)
