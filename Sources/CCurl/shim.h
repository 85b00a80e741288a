// libcurl, for downloads whose size limit and deadline hold at the producer: the write
// callback sees every byte as it arrives and can stop the transfer there.
#include <curl/curl.h>
