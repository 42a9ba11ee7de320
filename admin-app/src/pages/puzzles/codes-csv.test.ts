import { describe, expect, it } from 'vitest'
import { codesCsv } from './codes-csv'

describe('the printer CSV', () => {
  it('has a header and one numbered row per code, with the box and the print run', () => {
    const csv = codesCsv('apostles-road', 'b-1', ['AAAA-CCCC-DDDD-EEEE', 'FFFF-GGGG-HHHH-JJJJ'])
    expect(csv.split('\r\n')).toEqual([
      'number,code,product,batch',
      '1,AAAA-CCCC-DDDD-EEEE,apostles-road,b-1',
      '2,FFFF-GGGG-HHHH-JJJJ,apostles-road,b-1',
      '',
    ])
  })
})
