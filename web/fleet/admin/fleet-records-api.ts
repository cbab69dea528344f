import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fleetApi } from '../../../core/contracts/fleet.ts';
import {
  fleetRecordsApi,
  type CorrectFuelEntryInput,
  type ListFuelEntriesQuery,
  type ListVendorsQuery,
  type UpdateVendorInput,
  type VehicleDocumentsInput,
  type VendorInput,
} from '../../../core/contracts/fleet-records.ts';
import { callEndpoint, invalidateEndpoints, queryKey } from '../../lib/api.ts';

/**
 * The fleet office's calls for its records (core/contracts/fleet-records.ts): vendors, the fuel log,
 * the vehicles' papers, the cost of ownership and the report.
 */

export function useVendors(query: Partial<ListVendorsQuery>) {
  return useQuery({
    queryKey: queryKey(fleetRecordsApi.listVendors, query),
    queryFn: ({ signal }) => callEndpoint(fleetRecordsApi.listVendors, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds a vendor (`key`: this attempt's Idempotency-Key) or saves one against its version. */
export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string; version: number; input: UpdateVendorInput } | { input: VendorInput; key: string }) =>
      'id' in save
        ? callEndpoint(fleetRecordsApi.updateVendor, { params: { id: save.id }, body: save.input, version: save.version })
        : callEndpoint(fleetRecordsApi.createVendor, { body: save.input, idempotencyKey: save.key }),
    onSuccess: () => invalidateEndpoints(queryClient, fleetRecordsApi.listVendors),
  });
}

export function useFuelEntries(query: Partial<ListFuelEntriesQuery>) {
  return useQuery({
    queryKey: queryKey(fleetRecordsApi.listFuelEntries, query),
    queryFn: ({ signal }) => callEndpoint(fleetRecordsApi.listFuelEntries, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Corrects an entry, or voids it with a reason, against the version the office saw (412 when stale). */
export function useChangeFuelEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; version: number } & ({ correct: CorrectFuelEntryInput } | { reason: string })) =>
      'correct' in change
        ? callEndpoint(fleetRecordsApi.correctFuelEntry, { params: { id: change.id }, body: change.correct, version: change.version })
        : callEndpoint(fleetRecordsApi.voidFuelEntry, {
            params: { id: change.id },
            body: { reason: change.reason },
            version: change.version,
          }),
    onSuccess: () => invalidateEndpoints(queryClient, fleetRecordsApi.listFuelEntries, fleetRecordsApi.getFleetReport),
  });
}

export function useExpiringDocuments() {
  return useQuery({
    queryKey: queryKey(fleetRecordsApi.listExpiringDocuments, {}),
    queryFn: ({ signal }) => callEndpoint(fleetRecordsApi.listExpiringDocuments, { query: {}, signal }),
  });
}

export function useSetVehicleDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: VehicleDocumentsInput; version: number }) =>
      callEndpoint(fleetRecordsApi.setVehicleDocuments, { params: { id }, body: input, version }),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(queryKey(fleetApi.getVehicle, vehicle.id), vehicle);
      await invalidateEndpoints(queryClient, fleetRecordsApi.listExpiringDocuments);
    },
  });
}

export function useCostOfOwnership(vehicleId: string, period: { from: string; to: string }) {
  return useQuery({
    queryKey: queryKey(fleetRecordsApi.getCostOfOwnership, vehicleId, period),
    queryFn: ({ signal }) => callEndpoint(fleetRecordsApi.getCostOfOwnership, { params: { id: vehicleId }, query: period, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFleetReport(period: { from: string; to: string }) {
  return useQuery({
    queryKey: queryKey(fleetRecordsApi.getFleetReport, period),
    queryFn: ({ signal }) => callEndpoint(fleetRecordsApi.getFleetReport, { query: period, signal }),
    placeholderData: keepPreviousData,
  });
}
