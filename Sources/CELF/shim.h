/* The ELF structures and constants of <elf.h>, for reading a plugin
 * library's dynamic section (DetentPOSIX's ELFDynamicInfo). */
#include <features.h>
#include <elf.h>
