"""
DICOMweb conformance of the platform, driven by dicomweb-client (PyPI) as an outside client
would use it: STOW-RS, QIDO-RS at every level with matching keys, includefield and fuzzy
matching, WADO-RS retrieve with transfer-syntax negotiation, metadata with BulkDataURI,
frames, bulk data and rendered resources, and the refusals (400, 406).

Run by test/integration/dicomweb-client-conformance.test.ts:
    python3 dicomweb_client_conformance.py <base-url> <token> <folder>
<folder> holds original-N.dcm (Explicit VR Little Endian, multi-frame) and compressed-N.dcm, the
same file compressed by dcmtk or GDCM (JPEG-LS, JPEG lossless, JPEG 2000).
Prints one JSON line: {"passed": [...], "failed": [{"check", "error"}]}; exits 1 on any failure.
"""
import glob
import io
import json
import os
import sys
import traceback

import numpy as np
import pydicom
import requests
from dicomweb_client.api import DICOMwebClient
from pydicom.dataset import Dataset, FileMetaDataset
from pydicom.uid import ExplicitVRLittleEndian, RLELossless, generate_uid

BASE, TOKEN, FILES = sys.argv[1], sys.argv[2], sys.argv[3]
client = DICOMwebClient(url=f"{BASE}/dicomweb", headers={"Authorization": f"Bearer {TOKEN}"})
CT = "1.2.840.10008.5.1.4.1.1.2"
STUDY, SERIES_A, SERIES_B = generate_uid(), generate_uid(), generate_uid()


def instance(series, number, *, name="Conformidade^José", rle=False, charset="ISO_IR 192"):
    meta = FileMetaDataset()
    meta.MediaStorageSOPClassUID = CT
    meta.MediaStorageSOPInstanceUID = generate_uid()
    meta.TransferSyntaxUID = ExplicitVRLittleEndian
    ds = Dataset()
    ds.file_meta = meta
    ds.preamble = b"\0" * 128  # a Part-10 file, as STOW-RS parts are (dcmwrite writes it when set)
    ds.SpecificCharacterSet = charset
    ds.SOPClassUID, ds.SOPInstanceUID = CT, meta.MediaStorageSOPInstanceUID
    ds.StudyInstanceUID, ds.SeriesInstanceUID = STUDY, series
    ds.PatientName, ds.PatientID = name, "CONF-PY-1"
    ds.PatientBirthDate, ds.PatientSex = "19700305", "M"
    ds.StudyDate, ds.StudyTime = "20261105", "143000"
    ds.AccessionNumber, ds.StudyID = "ACC-PY-1", "STUDY-PY"
    ds.ReferringPhysicianName = "Pereira^Ana"
    ds.StudyDescription = "TC de tórax"
    ds.Modality = "CT" if series == SERIES_A else "MR"
    ds.SeriesNumber = 1 if series == SERIES_A else 2
    ds.InstanceNumber = number
    ds.Rows, ds.Columns = 32, 48
    ds.BitsAllocated, ds.BitsStored, ds.HighBit, ds.PixelRepresentation = 16, 12, 11, 0
    ds.SamplesPerPixel, ds.PhotometricInterpretation = 1, "MONOCHROME2"
    pixels = (np.arange(32 * 48, dtype=np.uint16).reshape(32, 48) * (number + 1)) % 4096
    ds.PixelData = pixels.tobytes()
    if rle:
        ds.compress(RLELossless)
    return ds, pixels


passed, failed = [], []


def check(name):
    def wrap(fn):
        try:
            fn()
            passed.append(name)
        except Exception as err:  # noqa: BLE001 — every failure is reported by name
            body = err.response.text[:500] if isinstance(err, requests.HTTPError) else ""
            failed.append({"check": name, "error": f"{type(err).__name__}: {err} {body}", "trace": traceback.format_exc()[-1500:]})
        return fn
    return wrap


def status_of(fn):
    try:
        fn()
    except requests.HTTPError as err:
        return err.response.status_code
    return 200


a1, px1 = instance(SERIES_A, 1)
a2, px2 = instance(SERIES_A, 2, rle=True)
b1, _ = instance(SERIES_B, 1)
request = Dataset()
request.ScheduledProcedureStepID, request.RequestedProcedureID = "SPS-B", "RP-7"
b1.RequestAttributesSequence = [Dataset(), request]
stored = {}


@check("STOW-RS stores instances and lists them in ReferencedSOPSequence")
def _():
    result = client.store_instances([a1, a2, b1])
    refs = [item.ReferencedSOPInstanceUID for item in result.ReferencedSOPSequence]
    assert sorted(refs) == sorted([a1.SOPInstanceUID, a2.SOPInstanceUID, b1.SOPInstanceUID]), refs
    assert "FailedSOPSequence" not in result
    stored["ok"] = True


@check("STOW-RS accepts ISO 2022 IR 87 (Japanese) names")
def _():
    jp, _ = instance(SERIES_B, 2, name="Yamada^Tarou=山田^太郎=やまだ^たろう", charset=["", "ISO 2022 IR 87"])
    jp.PatientID = "CONF-PY-JP"
    jp.StudyDescription = "CT"  # IR 87 has no 'ó': pydicom would write bytes the set cannot hold
    jp.StudyInstanceUID = generate_uid()
    result = client.store_instances([jp])
    assert result.ReferencedSOPSequence[0].ReferencedSOPInstanceUID == jp.SOPInstanceUID
    found = client.search_for_studies(search_filters={"PatientID": "CONF-PY-JP"})
    assert len(found) == 1, found
    name = found[0]["00100010"]["Value"][0]
    assert name == {"Alphabetic": "Yamada^Tarou", "Ideographic": "山田^太郎", "Phonetic": "やまだ^たろう"}, name


def uids(results, tag):
    return sorted(r[tag]["Value"][0] for r in results)


@check("QIDO-RS studies: standard matching keys are applied")
def _():
    def find(**filters):
        return uids(client.search_for_studies(search_filters={"PatientID": "CONF-PY-1", **filters}), "0020000D")
    assert find() == [STUDY]
    assert find(ReferringPhysicianName="Pereira*") == [STUDY]
    assert find(ReferringPhysicianName="Silva*") == []
    assert find(StudyTime="1400-1500") == [STUDY]
    assert find(StudyTime="0800-0900") == []
    assert find(PatientBirthDate="19700101-19701231") == [STUDY]
    assert find(PatientBirthDate="19800101-") == []
    assert find(StudyID="STUDY-PY") == [STUDY]
    assert find(PatientSex="F") == []
    assert find(ModalitiesInStudy="MR") == [STUDY]
    assert find(StudyDate="20261101-20261130", AccessionNumber="ACC-PY-1") == [STUDY]


@check("QIDO-RS: fuzzymatching makes names accent-insensitive")
def _():
    exact = client.search_for_studies(search_filters={"PatientName": "Conformidade^Jose"})
    assert exact == [], exact
    fuzzy = client.search_for_studies(search_filters={"PatientName": "conformidade jose"}, fuzzymatching=True)
    assert uids(fuzzy, "0020000D") == [STUDY]
    accented = client.search_for_studies(search_filters={"PatientName": "Conformidade^José"})
    assert uids(accented, "0020000D") == [STUDY]


@check("QIDO-RS: includefield by keyword and all")
def _():
    one = client.search_for_studies(search_filters={"PatientID": "CONF-PY-1"}, fields=["Rows", "00080016"])[0]
    assert one["00280010"]["Value"] == [32] and one["00080016"]["Value"] == [CT], one
    every = client.search_for_studies(search_filters={"PatientID": "CONF-PY-1"}, fields=["all"])[0]
    assert every["00280011"]["Value"] == [48] and every["00100030"]["Value"] == ["19700305"], every


@check("QIDO-RS: all series, all instances and a study's instances")
def _():
    series = client.search_for_series(search_filters={"PatientID": "CONF-PY-1"})
    assert uids(series, "0020000E") == sorted([SERIES_A, SERIES_B])
    assert all(s["0020000D"]["Value"] == [STUDY] for s in series)
    assert uids(client.search_for_series(search_filters={"PatientID": "CONF-PY-1", "Modality": "MR"}), "0020000E") == [SERIES_B]
    # The sequence keys PS3.18 requires: any RequestAttributesSequence item.
    for key, value in (("ScheduledProcedureStepID", "SPS-B"), ("RequestedProcedureID", "RP-*")):
        found = client.search_for_series(search_filters={"PatientID": "CONF-PY-1", f"RequestAttributesSequence.{key}": value})
        assert uids(found, "0020000E") == [SERIES_B], (key, found)
    every = client.search_for_instances(search_filters={"StudyInstanceUID": STUDY})
    assert len(every) == 3
    of_study = client.search_for_instances(study_instance_uid=STUDY, search_filters={"InstanceNumber": "2"})
    assert uids(of_study, "00080018") == [a2.SOPInstanceUID]
    assert client.search_for_instances(study_instance_uid=STUDY, series_instance_uid=SERIES_A, limit=1, offset=1)[0]["00080018"]["Value"] == [a2.SOPInstanceUID]


@check("QIDO-RS: keys the server does not apply are refused with 400")
def _():
    for filters in ({"PatientWeight": "70"}, {"StudyDate": "2026"}, {"ReferencedStudySequence.ReferencedSOPInstanceUID": "1.2"}):
        code = status_of(lambda: client.search_for_studies(search_filters=filters))
        assert code == 400, (filters, code)
    code = status_of(lambda: client.search_for_studies(fields=["NotAKeyword"]))
    assert code == 400, code


@check("WADO-RS: Explicit VR Little Endian asked (or application/dicom's default) decodes an RLE instance")
def _():
    ds = client.retrieve_instance(STUDY, SERIES_A, a2.SOPInstanceUID, media_types=(("application/dicom", ExplicitVRLittleEndian),))
    assert ds.file_meta.TransferSyntaxUID == ExplicitVRLittleEndian, ds.file_meta.TransferSyntaxUID
    assert np.array_equal(ds.pixel_array, px2)
    # retrieve_series asks for application/dicom with no transfer syntax: Explicit VR Little Endian.
    series = client.retrieve_series(STUDY, SERIES_A)
    assert sorted(d.SOPInstanceUID for d in series) == sorted([a1.SOPInstanceUID, a2.SOPInstanceUID])
    assert all(d.file_meta.TransferSyntaxUID == ExplicitVRLittleEndian for d in series)
    assert np.array_equal(next(d for d in series if d.InstanceNumber == 2).pixel_array, px2)


@check("WADO-RS: transfer-syntax=* (retrieve_instance's default) gives the instance as stored")
def _():
    ds = client.retrieve_instance(STUDY, SERIES_A, a2.SOPInstanceUID)
    assert ds.file_meta.TransferSyntaxUID == RLELossless, ds.file_meta.TransferSyntaxUID
    assert np.array_equal(ds.pixel_array, px2)


@check("WADO-RS: a transfer syntax that cannot be served answers 406")
def _():
    code = status_of(lambda: client.retrieve_instance(
        STUDY, SERIES_A, a1.SOPInstanceUID, media_types=(("application/dicom", "1.2.840.10008.1.2.4.90"),)))
    assert code == 406, code


@check("WADO-RS: frames uncompressed on request, as stored with transfer-syntax=*")
def _():
    [frame] = client.retrieve_instance_frames(STUDY, SERIES_A, a2.SOPInstanceUID, [1], media_types=("application/octet-stream",))
    assert np.array_equal(np.frombuffer(frame, dtype=np.uint16).reshape(32, 48), px2)
    [raw] = client.retrieve_instance_frames(STUDY, SERIES_A, a2.SOPInstanceUID, [1], media_types=(("application/octet-stream", "*"),))
    assert raw != frame and len(raw) < len(frame)


@check("WADO-RS: JPEG-LS, JPEG lossless and JPEG 2000 files (dcmtk, GDCM) come back Explicit VR Little Endian with the same pixels")
def _():
    pairs = []
    for path in sorted(glob.glob(os.path.join(FILES, "compressed-*.dcm"))):
        compressed = pydicom.dcmread(path)
        original = pydicom.dcmread(path.replace("compressed-", "original-"))
        pairs.append((compressed, original))
    syntaxes = sorted(c.file_meta.TransferSyntaxUID for c, _ in pairs)
    assert syntaxes == ["1.2.840.10008.1.2.4.70", "1.2.840.10008.1.2.4.80", "1.2.840.10008.1.2.4.90"], syntaxes
    result = client.store_instances([c for c, _ in pairs])
    assert len(result.ReferencedSOPSequence) == len(pairs) and "FailedSOPSequence" not in result
    for compressed, original in pairs:
        uids = (compressed.StudyInstanceUID, compressed.SeriesInstanceUID, compressed.SOPInstanceUID)
        ds = client.retrieve_instance(*uids, media_types=(("application/dicom", ExplicitVRLittleEndian),))
        assert ds.file_meta.TransferSyntaxUID == ExplicitVRLittleEndian, (compressed.file_meta.TransferSyntaxUID, ds.file_meta.TransferSyntaxUID)
        assert np.array_equal(ds.pixel_array, original.pixel_array), compressed.file_meta.TransferSyntaxUID
        frames = client.retrieve_instance_frames(*uids, [2, 1], media_types=(("application/octet-stream", ExplicitVRLittleEndian),))
        shape = (original.Rows, original.Columns)
        assert np.array_equal(np.frombuffer(frames[0], dtype=np.uint16).reshape(shape), original.pixel_array[1])
        assert np.array_equal(np.frombuffer(frames[1], dtype=np.uint16).reshape(shape), original.pixel_array[0])
        stored = client.retrieve_instance(*uids, media_types=(("application/dicom", "*"),))
        assert stored.file_meta.TransferSyntaxUID == compressed.file_meta.TransferSyntaxUID


@check("WADO-RS: a bare Accept: application/dicom gives one instance single-part; at a series, 406")
def _():
    url = f"{BASE}/dicomweb/studies/{STUDY}/series/{SERIES_A}"
    headers = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/dicom"}
    res = requests.get(f"{url}/instances/{a2.SOPInstanceUID}", headers=headers, timeout=30)
    assert res.status_code == 200 and res.headers["Content-Type"].startswith("application/dicom"), res.headers
    ds = pydicom.dcmread(io.BytesIO(res.content))
    assert ds.file_meta.TransferSyntaxUID == ExplicitVRLittleEndian and np.array_equal(ds.pixel_array, px2)
    refused = requests.get(url, headers=headers, timeout=30)
    assert refused.status_code == 406 and refused.json()["error"]["code"] == "DICOMWEB_NOT_ACCEPTABLE", refused.text


@check("WADO-RS metadata carries BulkDataURI, which retrieve_bulkdata serves")
def _():
    meta = client.retrieve_instance_metadata(STUDY, SERIES_A, a1.SOPInstanceUID)
    uri = meta["7FE00010"]["BulkDataURI"]
    [pixels] = client.retrieve_bulkdata(uri)
    assert np.array_equal(np.frombuffer(pixels, dtype=np.uint16).reshape(32, 48), px1)
    series = client.retrieve_series_metadata(STUDY, SERIES_A)
    assert all("BulkDataURI" in m["7FE00010"] for m in series)
    ds = pydicom.Dataset.from_json(meta, bulk_data_uri_handler=lambda tag, vr, uri: client.retrieve_bulkdata(uri)[0])
    assert ds.PatientID == "CONF-PY-1"


@check("WADO-RS rendered: instance, frame and series")
def _():
    jpeg = client.retrieve_instance_rendered(STUDY, SERIES_A, a1.SOPInstanceUID, media_types=("image/jpeg",))
    assert jpeg[:2] == b"\xff\xd8"
    png = client.retrieve_instance_frames_rendered(STUDY, SERIES_A, a1.SOPInstanceUID, [1], media_types=("image/png",))
    assert png[:4] == b"\x89PNG"
    series = client.retrieve_series_rendered(STUDY, SERIES_A, media_types=("image/jpeg",))
    assert series[:2] == b"\xff\xd8"


print(json.dumps({"passed": passed, "failed": failed}, ensure_ascii=False))
sys.exit(1 if failed else 0)
