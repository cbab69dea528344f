import type { FastifyInstance } from 'fastify';
import { scheduleApi } from '../../core/contracts/schedule.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { allcallRoutes } from './allcall-routes.ts';
import { getFeed, makeFeed, readFeed, revokeFeed } from './feed.ts';
import { overtimeRoutes } from './overtime-routes.ts';
import { scheduleHome } from './home.ts';
import { getScheduleSettings, updateScheduleSettings } from './settings.ts';
import {
  createAssignment,
  createGroup,
  createSchedule,
  createShiftType,
  createTimeOffType,
  listTimeOffTypes,
  removeAssignment,
  saveMinimums,
  scheduleSetup,
  updateAssignment,
  updateGroup,
  updateSchedule,
  updateShiftType,
  updateTimeOffType,
} from './setup.ts';
import {
  checkShift,
  createShift,
  exportHours,
  generateShifts,
  getShift,
  removeShift,
  roster,
  saveDayNote,
  scheduleHistory,
  shiftHistory,
  updateShift,
} from './shifts.ts';
import { tradesRoutes } from './trades-routes.ts';
import { balances, cancelTimeOff, decideTimeOff, getTimeOff, listTimeOff, previewTimeOff, requestTimeOff, runAccrual } from './time-off.ts';

/** The handlers of scheduleApi (core/contracts/schedule.ts): one use case each. */
export async function scheduleRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, scheduleApi, {
    home: (ctx) => scheduleHome(ctx),
    setup: (ctx) => scheduleSetup(ctx),
    roster: (ctx, { query }) => roster(ctx, query),
    getShift: (ctx, { params }) => getShift(ctx, params.id),
    shiftHistory: (ctx, { params }) => shiftHistory(ctx, params.id),

    checkShift: (ctx, { body }) => checkShift(ctx, body),
    createShift: (ctx, { body }) => createShift(ctx, body),
    updateShift: (ctx, { params, version, body }) => updateShift(ctx, params.id, version, body),
    removeShift: (ctx, { params, version, body }) => removeShift(ctx, params.id, version, body.reason),
    generateShifts: (ctx, { params, body }) => generateShifts(ctx, params.id, body),
    saveDayNote: (ctx, { params, body }) => saveDayNote(ctx, params.date, body),
    history: (ctx, { query }) => scheduleHistory(ctx, query),
    exportHours: async (ctx, { query }) => csvFile('hours', await exportHours(ctx, query)),

    timeOffTypes: (ctx) => listTimeOffTypes(ctx),
    balances: (ctx, { query }) => balances(ctx, query.user_id),
    listTimeOff: (ctx, { query }) => listTimeOff(ctx, query),
    previewTimeOff: (ctx, { body }) => previewTimeOff(ctx, body),
    requestTimeOff: (ctx, { body }) => requestTimeOff(ctx, body),
    getTimeOff: (ctx, { params }) => getTimeOff(ctx, params.id),
    cancelTimeOff: (ctx, { params, version }) => cancelTimeOff(ctx, params.id, version),
    decideTimeOff: (ctx, { params, version, body }) => decideTimeOff(ctx, params.id, version, body),
    runAccrual: (ctx, { body }) => runAccrual(ctx, body),

    getFeed: (ctx) => getFeed(ctx),
    makeFeed: (ctx) => makeFeed(ctx),
    revokeFeed: (ctx) => revokeFeed(ctx),
    feed: (ctx, { params }) => readFeed(ctx, params.token),

    getSettings: async (ctx) => getScheduleSettings(ctx),
    updateSettings: (ctx, { body }) => updateScheduleSettings(ctx, body),
    createShiftType: (ctx, { body }) => createShiftType(ctx, body),
    updateShiftType: (ctx, { params, version, body }) => updateShiftType(ctx, params.id, version, body),
    createSchedule: (ctx, { body }) => createSchedule(ctx, body),
    updateSchedule: (ctx, { params, version, body }) => updateSchedule(ctx, params.id, version, body),
    createGroup: (ctx, { body }) => createGroup(ctx, body),
    updateGroup: (ctx, { params, version, body }) => updateGroup(ctx, params.id, version, body),
    createAssignment: (ctx, { body }) => createAssignment(ctx, body),
    updateAssignment: (ctx, { params, version, body }) => updateAssignment(ctx, params.id, version, body),
    removeAssignment: (ctx, { params, version }) => removeAssignment(ctx, params.id, version),
    saveMinimums: (ctx, { body }) => saveMinimums(ctx, body),
    createTimeOffType: (ctx, { body }) => createTimeOffType(ctx, body),
    updateTimeOffType: (ctx, { params, version, body }) => updateTimeOffType(ctx, params.id, version, body),
  });
  await tradesRoutes(app, services);
  await allcallRoutes(app, services);
  await overtimeRoutes(app, services);
}
