import { describe, expect, it } from 'vitest';
import { canDownload, isReportFinished, reportStatusView } from './report-status';

describe('report status', () => {
  it('is final once done or failed, so polling stops there', () => {
    expect(isReportFinished('pending')).toBe(false);
    expect(isReportFinished('running')).toBe(false);
    expect(isReportFinished('done')).toBe(true);
    expect(isReportFinished('failed')).toBe(true);
  });

  it('shows a still bar for a queued report and a moving one while it is made', () => {
    expect(reportStatusView({ status: 'pending', progress: 0 })).toEqual({
      status: 'pending',
      color: 'gray',
      progress: 0,
      isAnimated: false,
    });
    expect(reportStatusView({ status: 'running', progress: 42 })).toMatchObject({
      color: 'blue',
      progress: 42,
      isAnimated: true,
    });
  });

  it('keeps the bar between 0 and 100 whatever the server says', () => {
    expect(reportStatusView({ status: 'running', progress: 140 }).progress).toBe(100);
    expect(reportStatusView({ status: 'running', progress: -5 }).progress).toBe(0);
    expect(reportStatusView({ status: 'running', progress: Number.NaN }).progress).toBe(0);
  });

  it('drops the bar once finished and colours the outcome', () => {
    expect(reportStatusView({ status: 'done', progress: 100 })).toMatchObject({
      color: 'teal',
      progress: null,
    });
    expect(reportStatusView({ status: 'failed', progress: 60 })).toMatchObject({
      color: 'red',
      progress: null,
    });
  });

  it('lets only a finished, successful report be downloaded', () => {
    expect(canDownload({ status: 'done' })).toBe(true);
    expect(canDownload({ status: 'running' })).toBe(false);
    expect(canDownload({ status: 'failed' })).toBe(false);
  });
});
