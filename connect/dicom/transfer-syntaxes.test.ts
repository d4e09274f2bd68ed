import { chooseTransferSyntax, isStorageClass, VERIFICATION_SOP_CLASS } from './transfer-syntaxes';

const CT = '1.2.840.10008.5.1.4.1.1.2';

describe('presentation context choice', () => {
  it('keeps a compressed syntax the modality offers, otherwise prefers explicit little endian', () => {
    expect(chooseTransferSyntax(CT, ['1.2.840.10008.1.2', '1.2.840.10008.1.2.4.90'])).toBe('1.2.840.10008.1.2.4.90');
    expect(chooseTransferSyntax(CT, ['1.2.840.10008.1.2', '1.2.840.10008.1.2.1'])).toBe('1.2.840.10008.1.2.1');
    expect(chooseTransferSyntax(CT, ['1.2.840.10008.1.2'])).toBe('1.2.840.10008.1.2');
    expect(chooseTransferSyntax(CT, ['1.2.840.10008.1.2.5'])).toBe('1.2.840.10008.1.2.5');
    expect(chooseTransferSyntax(CT, ['1.2.3.4.5'])).toBeNull();
    expect(chooseTransferSyntax(VERIFICATION_SOP_CLASS, ['1.2.840.10008.1.2'])).toBe('1.2.840.10008.1.2');
  });

  it('accepts storage classes (standard and private), not query/retrieve', () => {
    expect(isStorageClass(CT)).toBe(true);
    expect(isStorageClass('1.3.12.2.1107.5.9.1')).toBe(true);
    expect(isStorageClass('1.2.840.10008.5.1.4.1.2.2.1')).toBe(false); // study root find
  });
});
