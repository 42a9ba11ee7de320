import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/react'

// CI runs every workspace's tests at once on two cores: give async queries room.
configure({ asyncUtilTimeout: 5000 })
